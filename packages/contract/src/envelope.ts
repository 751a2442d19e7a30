import { z } from 'zod';

/** Every `/api` answer (except raw downloads and provider callbacks) is wrapped in this envelope. */
export interface Envelope<T> {
  /** 0 on success, otherwise the error's number from `errors.ts`. */
  code: number;
  /** Human-readable message in the language the request asked for. */
  message: string;
  data: T;
}

export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    message: z.string(),
    data,
  });
}

/** The envelope of a failed call: `data` carries optional details such as the field at fault. */
export const errorEnvelopeSchema = z.object({
  code: z.number().int().min(1),
  message: z.string(),
  data: z.unknown().nullable(),
});
