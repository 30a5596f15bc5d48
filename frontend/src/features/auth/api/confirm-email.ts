import { useMutation } from '@tanstack/react-query';
import type { BodyInput } from '@shared/api/route-types';
import { authRoutes } from '@shared/api/routes/auth';
import { callApi } from '@/lib/api-client';

export type ConfirmEmailInput = BodyInput<typeof authRoutes.confirmEmail>;
const confirmEmail = (body: ConfirmEmailInput) => callApi(authRoutes.confirmEmail, { body });
export const useConfirmEmail = () => useMutation({ mutationFn: confirmEmail });

const resendConfirmation = (username: string) => callApi(authRoutes.resendConfirmation, { body: { username } });
export const useResendConfirmation = () => useMutation({ mutationFn: resendConfirmation });
