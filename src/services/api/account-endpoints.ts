import type { MessageResponse, SuccessResponse } from '../../../contract/common';
import type {
  AuthResponse,
  ChangePasswordPayload,
  DataExportResponse,
  DeleteAccountPayload,
  FetchStudentDetailPayload,
  ForgotPasswordPayload,
  LoginPayload,
  ModifyProfilePayload,
  PasswordChangedResponse,
  PhoneLoginPayload,
  PushTokenPayload,
  RegisterPayload,
  ResetPasswordPayload,
  SubjectExpirationPayload,
  SubjectExpirationResponse,
  UserResponse,
} from '../../../contract/users';
import type { CallShapes } from './endpoint-shapes';
import { CALL } from './endpoint-shapes';

/** The student's account: signing up and in, the profile, the password, the devices, the data. */
export function accountEndpoints({ client, send, get }: CallShapes) {
  const { read, list, userWrite } = CALL;
  return {
    register: send<RegisterPayload, MessageResponse>('POST', 'users/register'),
    login: send<LoginPayload, AuthResponse>('POST', 'users/authenticate/student'),
    loginWithPhone: send<PhoneLoginPayload, AuthResponse>(
      'POST',
      'users/authenticate/student/withphonenumber',
    ),
    getProfile: get<UserResponse>('users/profile', list),
    fetchStudentDetail: send<FetchStudentDetailPayload, UserResponse>(
      'POST',
      'users/fetchStudentDetail',
      read,
    ),
    modifyProfile: send<ModifyProfilePayload, UserResponse>('PUT', 'users/profile/modify', userWrite),
    // The language goes with the account (issue 18): the same call, but the lists it shows stay valid.
    saveLanguage: send<Required<Pick<ModifyProfilePayload, 'id' | 'language'>>, UserResponse>(
      'PUT',
      'users/profile/modify',
    ),
    updateProfilePicture: (picture: Blob, fileName?: string) => {
      const form = new FormData();
      if (fileName === undefined) form.append('picture', picture);
      else form.append('picture', picture, fileName);
      return client.request<UserResponse>({
        method: 'PUT',
        path: 'users/profilepicture/update',
        body: form,
        ...userWrite,
      });
    },
    changePassword: send<ChangePasswordPayload, PasswordChangedResponse>(
      'PUT',
      'users/profile/passwordreset',
    ),
    forgotPassword: send<ForgotPasswordPayload, MessageResponse>('POST', 'forgot'),
    resetPassword: send<ResetPasswordPayload, MessageResponse>('PUT', 'reset'),
    registerPushToken: send<PushTokenPayload, SuccessResponse>('POST', 'users/notifications'),
    checkSubjectExpiration: send<SubjectExpirationPayload, SubjectExpirationResponse>(
      'POST',
      'users/check-subject-expiration',
      read,
    ),
    logout: () => client.request<SuccessResponse>({ method: 'POST', path: 'users/student/logout', body: {} }),
    logoutAllDevices: () =>
      client.request<SuccessResponse>({ method: 'POST', path: 'users/student/alldevicelogout', body: {} }),
    deleteAccount: send<DeleteAccountPayload, SuccessResponse>('POST', 'users/student/delete_account'),
    /** Everything the server keeps about the student (never cached: it is theirs alone, and changes). */
    exportMyData: get<DataExportResponse>('users/profile/export', read),
  };
}
