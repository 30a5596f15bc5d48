import { libraryRoutes } from '@shared/api/routes/library';
import { takeIntoReport } from '../../domain/library/library';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(libraryRoutes.takeFromLibrary).handler(async ({ input, user, context }) => takeIntoReport(reportInContext(context, input.params.id), input.body, user.username));
