import { z } from 'zod';
import { bilingual, languageSchema, sectionSchema } from './common';

// Subjects (docs/api.md "Subjects"): what the catalogue lists and the cart sells.

export const subjectSchema = z.object({
  _id: z.string(),
  subjectTitle: z.string(),
  pictureurl: z.string(),
  pictureSrcset: z
    .string()
    .optional()
    .describe(
      'The picture in several widths, for <img srcset> (issue 12); absent for a picture without them',
    ),
  price: z.number().int().describe('XAF for one access period'),
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

/** What the cart needs to sell a subject (docs/product.md §3's cart item without its amount). */
export const cartSubjectSchema = subjectSchema.pick({
  _id: true,
  subjectTitle: true,
  pictureurl: true,
  price: true,
});
export type CartSubject = z.infer<typeof cartSubjectSchema>;

export const subjectsBySectionBody = z
  .object({ level: z.string().trim().min(1).max(60).optional() })
  .nullish()
  .describe('An optional class or exam level, e.g. "Form 5", "Terminale", "BEPC".');
export type SubjectsBySectionPayload = NonNullable<z.input<typeof subjectsBySectionBody>>;
