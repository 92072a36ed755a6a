import type {
  AvatarContentType,
  PresignAvatarReply,
  ProfileReply,
  SaveAvatarReply,
  UpdateEmailRequest,
  UpdateNameRequest,
  UpdateOtherRequest,
  UpdatePasswordReply,
  UpdatePasswordRequest,
  UpdateReply,
} from '@invigil/shared/api/profile';
import { apiCall, getCall } from '../../lib/api-client';
import { putFile } from '../uploads/upload-api';

export const fetchProfile = getCall<ProfileReply>('/user/profile');

export const updateName = (body: UpdateNameRequest) => apiCall<UpdateReply>('/update/basic/name', { method: 'POST', body: { ...body } });

export const updateEmail = (body: UpdateEmailRequest) => apiCall<UpdateReply>('/update/basic/email', { method: 'POST', body: { ...body } });

export const updatePassword = (body: UpdatePasswordRequest) =>
  apiCall<UpdatePasswordReply>('/update/basic/password', { method: 'POST', body: { ...body } });

export const updateOther = (body: UpdateOtherRequest) => apiCall<UpdateReply>('/update/other', { method: 'POST', body: { ...body } });

/** Presign, PUT, save: the avatar. */
export async function uploadAvatar(image: Blob, contentType: AvatarContentType, onProgress: (fraction: number) => void): Promise<SaveAvatarReply> {
  const presigned = await apiCall<PresignAvatarReply>('/presignAvatar', { method: 'POST', body: { contentType } });
  await putFile(presigned.signedURL, image, contentType, onProgress);
  return apiCall<SaveAvatarReply>('/saveAvatar', { method: 'POST', body: { fileName: presigned.fileName } });
}
