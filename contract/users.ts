import { z } from 'zod';
import { idSchema, languageSchema, messageSchema } from './common';
import { PHONE_SEPARATOR } from './rules/payer-phone';
import { accountSchema, clientUserSchema, paidSubjectSchema, roleSchema } from './stored';

// The student's account (docs/api.md "Users"): the user object, sign-in, profile, password and deletion.

const name = z.string().trim().min(1).max(60);
// A check of the string itself (not a pipe into z.email()), so that the API document shows the format and its
// pattern as the server applies them.
export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .email()
  .transform((email) => email.toLowerCase());
export const usernameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.-]{3,32}$/, '3 to 32 letters, digits, dots, dashes or underscores');
export const passwordSchema = z.string().min(8).max(128);

/** Separators a student may type inside a phone number (the paying number's rule takes the same). */
const SEP = `${PHONE_SEPARATOR}*`;
const DIGIT = String.raw`\d${SEP}`;
/**
 * What the phone transform below accepts, written as one pattern on the typed text, so that the API document
 * says it: separators anywhere, an optional leading + and an optional leading 00, then 9 to 15 digits (the
 * 00 is dropped before the digits are counted, hence the three branches).
 */
const TYPED_PHONE = new RegExp(
  `^${SEP}(?:\\+${SEP})?(?:0${SEP}0${SEP}(?:${DIGIT}){9,15}|0${SEP}[1-9]${SEP}(?:${DIGIT}){7,13}|[1-9]${SEP}(?:${DIGIT}){8,14})$`,
);

/**
 * Digits only, with Cameroon's 237 prefix added to a bare 9-digit national number, so that
 * "+237 6 77 12 34 56", "237677123456" and "677123456" are the same student.
 */
export const phoneSchema = z
  .string()
  .regex(TYPED_PHONE)
  .describe('9 to 15 digits, separators and a leading + or 00 allowed; 9 digits get the 237 prefix')
  .trim()
  .transform((raw) => raw.replace(new RegExp(PHONE_SEPARATOR, 'g'), '').replace(/^\+/, '').replace(/^00/, ''))
  .pipe(z.string().regex(/^\d{9,15}$/))
  .transform((digits) => (digits.length === 9 ? `237${digits}` : digits));

export const registerBody = z.object({
  firstname: name,
  lastname: name,
  email: emailSchema,
  username: usernameSchema,
  password: passwordSchema,
  phonenumber: phoneSchema,
});
export type RegisterPayload = z.input<typeof registerBody>;

// Login takes what was typed: the format rules are for registration, a login only has to match.
export const loginBody = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(128),
});
export type LoginPayload = z.input<typeof loginBody>;
export const phoneLoginBody = z.object({ phonenumber: phoneSchema, password: z.string().min(1).max(128) });
export type PhoneLoginPayload = z.input<typeof phoneLoginBody>;

// The student's shapes are spelled in stored.ts (the app keeps the signed-in student on the device and reads it
// back through them); the API answers with them as they are.
export { accountSchema, clientUserSchema, paidSubjectSchema, roleSchema };
export type Role = z.infer<typeof roleSchema>;
export type PaidSubject = z.infer<typeof paidSubjectSchema>;
export type Account = z.infer<typeof accountSchema>;
export type ClientUser = z.infer<typeof clientUserSchema>;

export const authResponse = z.object({ success: z.literal(true), token: z.string(), user: clientUserSchema });
export type AuthResponse = z.infer<typeof authResponse>;
export const userResponse = z.object({ success: z.literal(true), user: clientUserSchema });
export type UserResponse = z.infer<typeof userResponse>;
export const userMessageResponse = z.object({
  success: z.literal(true),
  user: clientUserSchema,
  msg: z.string(),
});
export type UserMessageResponse = z.infer<typeof userMessageResponse>;

export const fetchStudentDetailBody = z.object({ id: idSchema });
export type FetchStudentDetailPayload = z.input<typeof fetchStudentDetailBody>;
export const modifyProfileBody = z.object({
  id: idSchema,
  firstname: name.optional(),
  lastname: name.optional(),
  email: emailSchema.optional(),
  phonenumber: phoneSchema.optional(),
  /** The student's explicit choice of language (issue 18). */
  language: languageSchema.optional(),
});
export type ModifyProfilePayload = z.input<typeof modifyProfileBody>;

export const changePasswordBody = z.object({
  id: idSchema,
  oldPassword: z.string().min(1).max(128),
  newPassword: passwordSchema,
});
export type ChangePasswordPayload = z.input<typeof changePasswordBody>;
/** Every other session is revoked: this one goes on with the fresh token. */
export const passwordChangedResponse = messageSchema.extend({ token: z.string() });
export type PasswordChangedResponse = z.infer<typeof passwordChangedResponse>;

export const forgotBody = z.object({ email: emailSchema });
export type ForgotPasswordPayload = z.input<typeof forgotBody>;
export const resetBody = z.object({ token: z.string().trim().min(16).max(200), password: passwordSchema });
export type ResetPasswordPayload = z.input<typeof resetBody>;

/** The profile picture the server takes (and the app checks before sending, to spare a student's data). */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;

/**
 * users/profilepicture/update's multipart/form-data body, for the API document. The route reads the parts from
 * the stream itself (type by content, size by the multipart limit), so Fastify's validation sees no parsed body
 * (null): hence nullable here.
 */
export const pictureUploadBody = z
  .object({
    picture: z
      .string()
      .max(MAX_PICTURE_BYTES)
      .meta({ format: 'binary' })
      .describe(
        `The picture file: ${PICTURE_TYPES.join(', ')} (recognised by its content), at most ${MAX_PICTURE_BYTES} bytes (413 over it)`,
      ),
  })
  .nullable();

export const pushTokenBody = z.object({
  token: z.string().trim().min(1).max(4096),
  platform: z.enum(['android', 'ios']),
});
export type PushTokenPayload = z.input<typeof pushTokenBody>;
export type PushPlatform = PushTokenPayload['platform'];

export const subjectExpirationBody = z.object({ userId: idSchema, subjectId: idSchema });
export type SubjectExpirationPayload = z.input<typeof subjectExpirationBody>;
export const subjectExpirationResponse = z.object({
  success: z.literal(true),
  expired: z.boolean(),
  expiresAt: z.string().nullable(),
});
export type SubjectExpirationResponse = z.infer<typeof subjectExpirationResponse>;

export const deleteAccountBody = z.object({ password: z.string().min(1).max(128) });
export type DeleteAccountPayload = z.input<typeof deleteAccountBody>;
/** The sign-out calls take no fields (docs/product.md §7 sends `{}`). */
export const emptyBody = z.object({}).loose().nullish();

/**
 * GET users/profile/export: everything the server keeps about the signed-in student (their right of access
 * under Cameroon's 2024 personal data law), titles in the language asked for. The app saves it as a JSON file
 * and writes a readable summary from it.
 */
export const dataExportSchema = z.object({
  format: z.literal('studycam-personal-data'),
  formatVersion: z.literal(1),
  exportedAt: z.string(),
  language: languageSchema,
  account: accountSchema,
  /** Subjects bought, with when each access ends (past ones too). */
  access: z.array(
    z.object({
      subjectId: z.string(),
      subjectTitle: z.string(),
      expiresAt: z.string(),
      expired: z.boolean(),
    }),
  ),
  payments: z.array(
    z.object({
      referenceId: z.string(),
      externalId: z.string(),
      kind: z.enum(['subjects', 'order']),
      status: z.string(),
      reason: z.string().nullable(),
      /** XAF. */
      amount: z.number().int(),
      currency: z.string(),
      /** The mobile money number it was paid from. */
      payer: z.string().nullable(),
      createdAt: z.string(),
      settledAt: z.string().nullable(),
      /** Subjects and how many access periods of each (subject payments). */
      items: z.array(
        z.object({ subjectId: z.string(), subjectTitle: z.string().nullable(), periods: z.number() }),
      ),
    }),
  ),
  orders: z.array(
    z.object({
      referenceId: z.string(),
      productId: z.string(),
      productTitle: z.string(),
      quantity: z.number().int(),
      /** XAF each, when ordered. */
      unitPrice: z.number().int(),
      town: z.string(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** Timetables, study lists and their items as the account keeps them. */
  planner: z.array(
    z.object({
      kind: z.string(),
      id: z.string(),
      revision: z.number().int(),
      deleted: z.boolean(),
      updatedAt: z.string(),
      data: z.record(z.string(), z.unknown()),
    }),
  ),
  comments: z.array(
    z.object({
      id: z.string(),
      videoId: z.string(),
      videoTitle: z.string(),
      text: z.string(),
      likes: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  /** Likes and dislikes of lessons, and comments liked. */
  reactions: z.array(
    z.object({ videoId: z.string(), videoTitle: z.string(), kind: z.enum(['like', 'dislike']) }),
  ),
  commentLikes: z.array(z.object({ commentId: z.string(), videoId: z.string(), videoTitle: z.string() })),
  /** Lessons watched, with when, and where the student stopped. */
  views: z.array(z.object({ videoId: z.string(), videoTitle: z.string(), viewedAt: z.string() })),
  positions: z.array(
    z.object({
      videoId: z.string(),
      videoTitle: z.string(),
      positionSeconds: z.number(),
      updatedAt: z.string(),
    }),
  ),
  /** Phones registered for notifications. */
  devices: z.array(z.object({ platform: z.string(), token: z.string(), updatedAt: z.string() })),
  passwordResets: z.array(z.object({ requestedAt: z.string(), expiresAt: z.string(), used: z.boolean() })),
  /** Access codes the student redeemed (issue 20): the batch, when, and what each gave until when. */
  codeRedemptions: z.array(
    z.object({
      batch: z.string(),
      redeemedAt: z.string(),
      days: z.number().int(),
      granted: z.array(
        z.object({ subjectId: z.string(), subjectTitle: z.string().nullable(), expiresAt: z.string() }),
      ),
    }),
  ),
});
export type DataExport = z.infer<typeof dataExportSchema>;
export const dataExportResponse = z.object({ success: z.literal(true), data: dataExportSchema });
export type DataExportResponse = z.infer<typeof dataExportResponse>;
