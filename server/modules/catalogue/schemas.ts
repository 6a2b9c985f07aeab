import { z } from 'zod';
import { bilingual, sectionSchema } from '../../lib/schemas';

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
  description: bilingual,
});
export type SubjectJson = z.infer<typeof subjectSchema>;

export const subjectsBySectionBody = z
  .object({ level: z.string().trim().min(1).max(60).optional() })
  .nullish()
  .describe('An optional class or exam level, e.g. "Form 5", "Terminale", "BEPC".');
