/** The monospace face for ids and money: figures and ids line up, and 0/O, 1/l stay apart. */
export const MONO = 'ui-monospace, SFMono-Regular, Menlo, monospace';
