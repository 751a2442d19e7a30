import type { ReactNode } from 'react';
import { PlainTag, type PlainTagColour } from '../../../shared/ui/plain-tag.tsx';

/** The tag colours the IP list's cells use (Ant Design's names; `default` is grey). */
export type CellTagColour = Extract<
  PlainTagColour,
  'default' | 'success' | 'warning' | 'green' | 'blue' | 'orange' | 'red'
>;

interface CellTagProps {
  colour?: CellTagColour;
  children: ReactNode;
  'data-testid'?: string;
  'data-status'?: string;
}

/** A tag of the IP list's cells: filled, as every tag of the console (no border). */
export function CellTag({ colour = 'default', children, ...rest }: CellTagProps) {
  return (
    <PlainTag colour={colour} variant="filled" {...rest}>
      {children}
    </PlainTag>
  );
}
