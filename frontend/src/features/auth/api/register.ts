import { useMutation } from '@tanstack/react-query';
import type { BodyInput } from '@shared/api/route-types';
import { authRoutes } from '@shared/api/routes/auth';
import { callApi } from '@/lib/api-client';

export type RegisterInput = BodyInput<typeof authRoutes.register>;
const register = (body: RegisterInput) => callApi(authRoutes.register, { body });
export const useRegister = () => useMutation({ mutationFn: register });
