import { useMutation } from '@tanstack/react-query';
import type { BodyInput } from '@shared/api/route-types';
import { authRoutes } from '@shared/api/routes/auth';
import { callApi } from '@/lib/api-client';

export type LoginInput = BodyInput<typeof authRoutes.login>;
const login = (body: LoginInput) => callApi(authRoutes.login, { body });
export const useLogin = () => useMutation({ mutationFn: login });
