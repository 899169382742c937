import type { ReactNode } from 'react';

export interface FieldOptions {
  pointer: string;
  testId: string;
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  width?: number | string;
  inputMode?: 'decimal' | 'numeric' | 'text' | 'url';
  required?: boolean;
  helper?: ReactNode;
  mono?: boolean;
}

export type FieldFn = (o: FieldOptions) => ReactNode;
