import { lazy, type ComponentType } from 'react';

/**
 * A page loaded when it is first shown: its module (and whatever only it uses) becomes a chunk of its
 * own instead of part of the bundle every start evaluates. Typed as the page itself, so a feature
 * declares it exactly as before; the shell shows it inside a Suspense boundary.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  return lazy(async () => ({
    default: (await load())[name] as unknown as ComponentType<object>,
  })) as unknown as M[K];
}
