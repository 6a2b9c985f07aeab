import { z } from 'zod';
import { idSchema, languageSchema, messageSchema, sectionSchema } from './common';

// The student's account (API.md "Users"): the user object, sign-in, profile, password and deletion.

const name = z.string().trim().min(1).max(60);
export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email())
  .transform((email) => email.toLowerCase());
export const usernameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.-]{3,32}$/, '3 to 32 letters, digits, dots, dashes or underscores');
export const passwordSchema = z.string().min(8).max(128);

/**
 * Digits only, with Cameroon's 237 prefix added to a bare 9-digit national number, so that
 * "+237 6 77 12 34 56", "237677123456" and "677123456" are the same student.
 */
export const phoneSchema = z
  .string()
  .trim()
  .transform((raw) =>
    raw
      .replace(/[\s().-]/g, '')
      .replace(/^\+/, '')
      .replace(/^00/, ''),
  )
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

export const roleSchema = z.literal('STUDENT');
export type Role = z.infer<typeof roleSchema>;

export const paidSubjectSchema = z.object({
  subjectId: z.string(),
  subjectTitle: z.string(),
  expiresAt: z.string(),
  section: sectionSchema
    .optional()
    .describe(
      "the subject's section, which the app opens its lists on (absent in a user stored by an older app)",
    ),
});
export type PaidSubject = z.infer<typeof paidSubjectSchema>;

/**
 * The student as the app sees it (API.md "student"): never the password hash, never the token version.
 * paidSubjects lists every subject bought, with its expiry (past ones included, so the app offers renewal).
 */
export const clientUserSchema = z.object({
  id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  username: z.string(),
  phonenumber: z.string(),
  role: roleSchema,
  profilePicture: z.string().nullable(),
  createdAt: z.string(),
  paidSubjects: z.array(paidSubjectSchema),
  /**
   * The language the student chose, saved with the account (issue 18): the app applies it at login; the
   * server's messages and mails use it. null: never chosen, the browser's languages decide.
   */
  language: languageSchema.nullable(),
});
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

export const forgotBody = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email())
    .transform((e) => e.toLowerCase()),
});
export type ForgotPasswordPayload = z.input<typeof forgotBody>;
export const resetBody = z.object({ token: z.string().trim().min(16).max(200), password: passwordSchema });
export type ResetPasswordPayload = z.input<typeof resetBody>;

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
/** The sign-out calls take no fields (SPEC.md §7 sends `{}`). */
export const emptyBody = z.object({}).loose().nullish();
