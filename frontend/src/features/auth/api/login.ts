import { useMutation } from '@tanstack/react-query';
import type { BodyInput } from '@shared/api/route-types';
import { routes } from '@shared/api/routes';
import { callApi } from '@/lib/api-client';

export type LoginInput = BodyInput<typeof routes.login>;
export const login = (body: LoginInput) => callApi(routes.login, { body });
export const useLogin = () => useMutation({ mutationFn: login });
