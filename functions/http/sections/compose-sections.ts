import { sectionRoutes } from '@shared/api/routes/sections';
import { composeReportSections } from '../../domain/sections/sections';
import { reportInContext } from '../../domain/access/access';
import { refreshSectionLedger } from '../../domain/ledger/index';
import { api } from '../api';

export const handler = api(sectionRoutes.composeSections).handler(async ({ input, user, context }) => {
  const result = await composeReportSections(reportInContext(context, input.params.id), input.body, user.username);
  await refreshSectionLedger(input.params.id, result.sections.filter((s) => result.composed.includes(s.key)));
  return result;
});
