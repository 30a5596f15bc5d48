import { sectionRoutes } from '@shared/api/routes/sections';
import { saveReportSection } from '../../domain/sections/sections';
import { reportInContext } from '../../domain/access/access';
import { refreshSectionLedger } from '../../domain/ledger/index';
import { api } from '../api';

export const handler = api(sectionRoutes.saveSection).handler(async ({ input, user, context }) => {
  const section = await saveReportSection(reportInContext(context, input.params.id), input.params.key, input.body, user.username);
  await refreshSectionLedger(input.params.id, [section]);
  return section;
});
