import { z } from 'zod';

export const ErrorBody = z.object({ message: z.string() }).meta({ id: 'Error' });

export const ValidationError = z
  .object({
    message: z.string().meta({ examples: ['The given data was invalid.'] }),
    errors: z.record(z.string(), z.array(z.string())),
  })
  .meta({ id: 'ValidationError' });
