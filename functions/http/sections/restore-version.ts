import { sectionRoutes } from '@shared/api/routes/sections';
import { restoreSectionVersion } from '../../domain/sections/sections';
import { reportInContext } from '../../domain/access/access';
import { refreshSectionLedger } from '../../domain/ledger/index';
import { api } from '../api';

export const handler = api(sectionRoutes.restoreSectionVersion).handler(async ({ input, user, context }) => {
  const section = await restoreSectionVersion(reportInContext(context, input.params.id), input.params.key, input.params.version, input.body.version, user.username);
  await refreshSectionLedger(input.params.id, [section]);
  return section;
});
