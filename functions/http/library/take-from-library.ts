import { libraryRoutes } from '@shared/api/routes/library';
import { takeIntoReport } from '../../domain/library/library';
import { api } from '../api';

export const handler = api(libraryRoutes.takeFromLibrary).handler(async ({ input, user }) => takeIntoReport(input.params.id, input.body, user.username));
