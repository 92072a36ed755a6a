import type {
  ChangePasswordReply,
  ChangePasswordRequest,
  LoginReply,
  LoginRequest,
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
