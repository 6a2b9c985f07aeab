import { z } from 'zod';
import { bilingual, languageSchema, sectionSchema } from './common';
import { cartSubjectSchema } from './stored';

// Subjects (docs/api.md "Subjects"): what the catalogue lists and the cart sells.

export const subjectSchema = z.object({
  ...cartSubjectSchema.shape,
  pictureSrcset: z
    .string()
    .optional()
    .describe(
      'The picture in several widths, for <img srcset> (issue 12); absent for a picture without them',
    ),
  section: sectionSchema,
  level: z.string(),
  language: languageSchema
    .optional()
    .describe(
      'The language the course is taught in, which its title and level are written in (absent from an answer kept from before it)',
    ),
  description: bilingual,
});
export type Subject = z.infer<typeof subjectSchema>;

// What the cart needs to sell a subject: spelled in stored.ts, which the app reads its cart with.
export { cartSubjectSchema };
export type CartSubject = z.infer<typeof cartSubjectSchema>;

export const subjectsBySectionBody = z
  .object({ level: z.string().trim().min(1).max(60).optional() })
  .nullish()
  .describe('An optional class or exam level, e.g. "Form 5", "Terminale", "BEPC".');
export type SubjectsBySectionPayload = NonNullable<z.input<typeof subjectsBySectionBody>>;
