import { useMutation } from '@tanstack/react-query';
import type { BodyInput } from '@shared/api/route-types';
import { routes } from '@shared/api/routes';
import { callApi } from '@/lib/api-client';

export type ConfirmEmailInput = BodyInput<typeof routes.confirmEmail>;
export const confirmEmail = (body: ConfirmEmailInput) => callApi(routes.confirmEmail, { body });
export const useConfirmEmail = () => useMutation({ mutationFn: confirmEmail });

export const resendConfirmation = (username: string) => callApi(routes.resendConfirmation, { body: { username } });
export const useResendConfirmation = () => useMutation({ mutationFn: resendConfirmation });
