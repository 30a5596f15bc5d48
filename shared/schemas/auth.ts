import * as z from 'zod/mini';
import { emailField, requiredString } from './common';

/** Usernames are case-insensitive: they are trimmed and stored lower-case. */
export const usernameField = requiredString('username', { max: 128, trim: true }).check(
  z.regex(/^[\p{L}\p{N}._@+-]+$/u, { error: 'username may contain only letters, digits and . _ @ + -' }),
  z.toLowerCase(),
);

/** Passwords are never trimmed. The policy itself (length, common passwords) is a domain rule. */
const passwordField = (field: string) => requiredString(field, { max: 1024 });

export const User = z.object({
  username: z.string(),
  name: z.string(),
  email: z.string(),
  /** named at deploy (ADMIN_EMAILS): may list users and deactivate them */
  is_admin: z.optional(z.boolean()),
});
export type User = z.infer<typeof User>;

export const LoginBody = z.object({
  username: usernameField,
  password: passwordField('password'),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const SessionResponse = z.object({
  success: z.literal(true),
  token: z.string(),
  /** seconds until `token` expires */
  expires_in: z.number().check(z.int()),
  user: User,
});
export type SessionResponse = z.infer<typeof SessionResponse>;

export const RegisterBody = z.object({
  username: usernameField,
  password: passwordField('password'),
  name: requiredString('name', { max: 200, trim: true }),
  email: emailField(),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const MessageResponse = z.object({ success: z.literal(true), message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** Register and resend-confirmation: the message, and the code itself only when the deployment runs with DEMO_MODE=true. */
export const VerificationResponse = z.extend(MessageResponse, { demo_verification_code: z.optional(z.string()) });
export type VerificationResponse = z.infer<typeof VerificationResponse>;

/** POST /api/auth/confirm-email: the code mailed at registration proves the mailbox. */
export const ConfirmEmailBody = z.object({
  username: usernameField,
  code: requiredString('code', { max: 32, trim: true }),
});
export type ConfirmEmailBody = z.infer<typeof ConfirmEmailBody>;

export const ResendConfirmationBody = z.object({ username: usernameField });
export type ResendConfirmationBody = z.infer<typeof ResendConfirmationBody>;

export const ForgotPasswordBody = z.object({ email: emailField() });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

export const ForgotPasswordResponse = z.extend(MessageResponse, {
  /** present only when the deployment runs with DEMO_MODE=true */
  demo_reset_code: z.optional(z.string()),
});
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponse>;

export const ResetPasswordBody = z.object({
  email: emailField(),
  reset_code: requiredString('reset_code', { max: 32, trim: true }),
  new_password: passwordField('new_password'),
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const VerifyResponse = z.object({ success: z.literal(true), user: User });
export type VerifyResponse = z.infer<typeof VerifyResponse>;
