import type { Role } from './common-types';

// The student's account (API.md "Users"): the user object, sign-in, profile, password and deletion.

export interface PaidSubject {
  subjectId: string;
  subjectTitle: string;
  expiresAt: string;
}

/** A type, not an interface: it stands where the machines' User (machines/types.ts) is expected. */
export type User = {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  username: string;
  phonenumber: string;
  role: Role;
  profilePicture: string | null;
  createdAt: string;
  paidSubjects: PaidSubject[];
};

export interface RegisterPayload {
  firstname: string;
  lastname: string;
  email: string;
  username: string;
  password: string;
  phonenumber: string;
}

export interface LoginPayload {
  username: string;
  password: string;
}

export interface PhoneLoginPayload {
  phonenumber: string;
  password: string;
}

export interface FetchStudentDetailPayload {
  id: string;
}

export interface ModifyProfilePayload {
  id: string;
  firstname?: string;
  lastname?: string;
  email?: string;
  phonenumber?: string;
}

export interface ChangePasswordPayload {
  id: string;
  oldPassword: string;
  newPassword: string;
}

export interface ForgotPasswordPayload {
  email: string;
}

export interface ResetPasswordPayload {
  token: string;
  password: string;
}

export type PushPlatform = 'android' | 'ios';

export interface PushTokenPayload {
  token: string;
  platform: PushPlatform;
}

export interface SubjectExpirationPayload {
  userId: string;
  subjectId: string;
}

export interface DeleteAccountPayload {
  password: string;
}

export interface AuthResponse {
  success: boolean;
  token: string;
  user: User;
}

export interface UserResponse {
  success: boolean;
  user: User;
}

export interface SubjectExpirationResponse {
  success: boolean;
  expired: boolean;
  expiresAt: string | null;
}
