import type {
  ChangePasswordReply,
  ChangePasswordRequest,
  LoginReply,
  LoginRequest,
  LogoutReply,
  UserReply,
  VerifyOtpRequest,
} from '@invigil/shared/api/auth';
import { apiCall } from '../../lib/api-client';

export const login = (body: LoginRequest) =>
  apiCall<LoginReply>('/login', { method: 'POST', body: { ...body }, auth: false });

export const verifyOtp = (body: VerifyOtpRequest) =>
  apiCall<LoginReply>('/verifyOTP', { method: 'POST', body: { ...body }, auth: false });

export const fetchUser = () => apiCall<UserReply>('/user');

export const changePassword = (body: ChangePasswordRequest) =>
  apiCall<ChangePasswordReply>('/changePassword', { method: 'POST', body: { ...body } });

/** Ends this session on the server too; keepalive, since logging out reloads the page at once. */
export const logout = () => apiCall<LogoutReply>('/logout', { method: 'POST', keepalive: true });
