import { Pencil, Trash2, Users, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { CURRENCIES, dashboardLabel, FY_STARTS, SECTORS } from '@shared/domain/options';
import { dashboardTexts } from '@shared/messages/dashboard';
import type { Organization } from '@shared/schemas/organizations';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/features/auth';
import { getOrganization, useDeleteOrganization, useUpdateOrganization } from '@/features/organizations';
import { ConfidentialBadge, TeamPanel } from '@/features/teams';
import { useReloadLists } from '../hooks/use-dashboard-actions';
import { formatDate } from '../lib/format';
import { collaboration } from '@shared/messages/collaboration';

const t = dashboardTexts;
const sectorOptions = SECTORS.map((v) => ({ value: v, label: dashboardLabel(v) }));
const fyOptions = FY_STARTS.map((v) => ({ value: v, label: dashboardLabel(v) }));
const currencyOptions = CURRENCIES.map((v) => ({ value: v, label: v }));

interface Props {
  org: Organization;
  editing: boolean;
  /** another item is being edited: Edit buttons are disabled (one edit at a time) */
  editLocked: boolean;
  onStartEdit: () => void;
  onEndEdit: () => void;
}

export function OrganizationItem({ org, editing, editLocked, onStartEdit, onEndEdit }: Props) {
  const reload = useReloadLists();
  const del = useDeleteOrganization();
  const { state } = useSession();
  const [teamOpen, setTeamOpen] = useState(false);
  const teamId = useId();

  async function remove() {
    if (!window.confirm(t.confirm.deleteOrganization(org.name))) return;
    try {
      await del.mutateAsync(org.id);
      toast.success(t.toasts.orgDeleted);
    } catch (error) {
      toast.error(error instanceof ApiError && error.detail ? error.detail : t.toasts.orgDeleteFailed);
    } finally {
      void reload();
    }
  }

  if (editing) return <OrganizationEditForm org={org} onDone={onEndEdit} />;

  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="organization-item">
      <div className="min-w-0">
        <p className="flex items-center gap-2 font-medium text-slate-900">
          {org.name} {org.confidential && <ConfidentialBadge />}
        </p>
        <p className="text-sm text-slate-500">
          {t.labels.sector}: {dashboardLabel(org.sector)} · {t.labels.geography}: {org.geography || '—'} · {t.labels.currency}: {org.currency} · {t.labels.fyStart}:{' '}
          {dashboardLabel(org.fy_start)}
        </p>
        <p className="text-xs text-slate-500">
          {t.labels.created}: {formatDate(org.created_at)}
        </p>
      </div>
      <div className="flex gap-2">
        <Button size="sm" variant="outline" aria-expanded={teamOpen} aria-controls={teamId} onClick={() => setTeamOpen((o) => !o)}>
          <Users className="h-3.5 w-3.5" aria-hidden /> {collaboration.teams.button}
        </Button>
        <Button size="sm" variant="outline" onClick={onStartEdit} disabled={editLocked}>
          <Pencil className="h-3.5 w-3.5" aria-hidden /> {t.buttons.edit}
        </Button>
        <Button size="sm" variant="outline" className="text-red-600" onClick={() => void remove()} disabled={del.isPending}>
          <Trash2 className="h-3.5 w-3.5" aria-hidden /> {t.buttons.delete}
        </Button>
      </div>
      {teamOpen && (
        <div id={teamId} className="w-full">
          <TeamPanel organizationId={org.id} organizationName={org.name} me={state.user?.username} onChanged={() => void reload()} />
        </div>
      )}
    </li>
  );
}

function OrganizationEditForm({ org, onDone }: { org: Organization; onDone: () => void }) {
  const ids = useId();
  const reload = useReloadLists();
  const update = useUpdateOrganization();
  const [form, setForm] = useState({ name: org.name, sector: org.sector, geography: org.geography, currency: org.currency, fy_start: org.fy_start });
  const [version, setVersion] = useState(org.version);
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [nameError, setNameError] = useState(false);

  function save(event: FormEvent) {
    event.preventDefault();
    if (!form.name.trim()) {
      setNameError(true);
      toast.error(t.toasts.orgNameRequired);
      return;
    }
    update.mutate(
      { id: org.id, body: { ...form, name: form.name.trim(), brand_settings: org.brand_settings, version } },
      {
        onSuccess: () => {
          toast.success(t.toasts.orgUpdated);
          void reload();
          onDone();
        },
        onError: (error) => void onSaveError(error),
      },
    );
  }

  /** A refused save: on a conflict reload, keep what the user typed, say so. */
  async function onSaveError(error: Error) {
    if (error instanceof ApiError && error.status === 409) {
      // never overwrite silently: reload, keep what the user typed, say so
      toast.error(t.toasts.orgUpdateFailed, { description: error.detail });
      // Save stays disabled until the newer version is known: a click in between would be refused again
      setReloading(true);
      try {
        const [latest] = await Promise.all([getOrganization(org.id).catch(() => undefined), reload()]);
        if (latest) setVersion(latest.version);
        setStale(true);
      } finally {
        setReloading(false);
      }
      return;
    }
    toast.error(t.toasts.orgUpdateFailed, { description: error instanceof ApiError ? error.detail : undefined });
  }

  const field = (name: string) => `${ids}-${name}`;
  return (
    <li className="py-3" data-testid="organization-edit">
      <form onSubmit={save} noValidate className="space-y-3 rounded-lg border border-sky-200 bg-sky-50/40 p-4" aria-label={`${t.buttons.edit} ${org.name}`}>
        <div className="flex items-center justify-between">
          <p className="text-sm font-semibold text-slate-700">
            {t.buttons.edit} {org.name}
          </p>
          <button type="button" onClick={onDone} aria-label={t.buttons.close} className="rounded p-1 text-slate-500 hover:bg-slate-100">
            <X className="h-4 w-4" aria-hidden />
          </button>
        </div>
        {stale && (
          <p role="alert" className="rounded-md bg-amber-50 p-2 text-sm text-amber-800">
            {t.staleEdit}
          </p>
        )}
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <div className="space-y-1">
            <Label htmlFor={field('name')}>{t.labels.name}</Label>
            <Input
              id={field('name')}
              value={form.name}
              aria-invalid={nameError}
              autoFocus
              onChange={(e) => {
                setNameError(false);
                setForm({ ...form, name: e.target.value });
              }}
            />
            {nameError && <p className="text-xs text-red-600">{t.toasts.orgNameRequired}</p>}
          </div>
          <div className="space-y-1">
            <Label htmlFor={field('sector')}>{t.labels.sector}</Label>
            <Select id={field('sector')} options={sectorOptions} value={form.sector} onChange={(e) => setForm({ ...form, sector: e.target.value as typeof form.sector })} />
          </div>
          <div className="space-y-1">
            <Label htmlFor={field('geography')}>{t.labels.geography}</Label>
            <Input id={field('geography')} value={form.geography} onChange={(e) => setForm({ ...form, geography: e.target.value })} />
          </div>
          <div className="space-y-1">
            <Label htmlFor={field('currency')}>{t.labels.currency}</Label>
            <Select id={field('currency')} options={currencyOptions} value={form.currency} onChange={(e) => setForm({ ...form, currency: e.target.value as typeof form.currency })} />
          </div>
          <div className="space-y-1">
            <Label htmlFor={field('fy')}>{t.labels.fyStart}</Label>
            <Select id={field('fy')} options={fyOptions} value={form.fy_start} onChange={(e) => setForm({ ...form, fy_start: e.target.value as typeof form.fy_start })} />
          </div>
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" size="sm" onClick={onDone}>
            {t.buttons.cancel}
          </Button>
          <Button type="submit" size="sm" disabled={update.isPending || reloading}>
            {t.buttons.save}
          </Button>
        </div>
      </form>
    </li>
  );
}
