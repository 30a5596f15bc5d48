import { useMutation } from '@tanstack/react-query';
import type { BodyInput } from '@shared/api/route-types';
import { routes } from '@shared/api/routes';
import { callApi } from '@/lib/api-client';

export type RegisterInput = BodyInput<typeof routes.register>;
export const register = (body: RegisterInput) => callApi(routes.register, { body });
export const useRegister = () => useMutation({ mutationFn: register });
