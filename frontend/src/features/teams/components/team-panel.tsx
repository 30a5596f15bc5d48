import { BarChart3, Lock, Trash2, UserPlus } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { TEAM_ROLES, type StaffMember, type TeamMember, type TeamRole } from '@shared/schemas/teams';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useAddTeamMember } from '../api/add-team-member';
import { useTeam } from '../api/get-team';
import { useRemoveTeamMember } from '../api/remove-team-member';
import { useSetBenchmarkConsent } from '../api/set-benchmark-consent';
import { useSetConfidential } from '../api/set-confidential';
import { useUpdateTeamMember } from '../api/update-team-member';
import { StaffCombobox } from './staff-combobox';
import { collaboration } from '@shared/messages/collaboration';
import { libraryUi } from '@shared/messages/library-ui';
import { reassess } from '@shared/messages/reassess';

const t = collaboration.teams;
const roleOptions = TEAM_ROLES.map((r) => ({ value: r, label: t.roles[r] }));
const detailOf = (error: unknown) => (error instanceof ApiError && error.detail ? error.detail : undefined);

/** An on/off switch with its label and a line of help under it (the panel's Confidential and benchmark-consent switches). */
function LabelledSwitch({
  checked,
  disabled,
  busy,
  onCheckedChange,
  testId,
  label,
  help,
}: {
  checked: boolean;
  disabled: boolean;
  busy?: boolean;
  onCheckedChange: (checked: boolean) => void;
  testId: string;
  label: ReactNode;
  help: ReactNode;
}) {
  const ids = useId();
  return (
    <div className="flex items-start gap-3">
      <Switch.Root
        id={`${ids}-switch`}
        checked={checked}
        disabled={disabled}
        aria-describedby={`${ids}-help`}
        aria-busy={busy}
        onCheckedChange={onCheckedChange}
        className="relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-400 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-sky-700"
        data-testid={testId}
      >
        <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
      <div>
        <label htmlFor={`${ids}-switch`} className="flex items-center gap-1 text-sm font-medium text-slate-800">
          {label}
        </label>
        <p id={`${ids}-help`} className="text-xs text-slate-600">
          {help}
        </p>
      </div>
    </div>
  );
}

/**
 * A client's team: its members and their roles, and whether the client is confidential. Leads change it
 * (add, change a role, remove, the Confidential switch); everyone else sees it read-only. A refused change
 * shows the server's reason (the last lead cannot leave) in the panel and in a toast.
 */
export function TeamPanel({ organizationId, organizationName, me, onChanged }: { organizationId: string; organizationName: string; me: string | undefined; onChanged: () => void }) {
  const team = useTeam(organizationId);
  const [problem, setProblem] = useState<string | null>(null);

  const failed = (error: unknown) => {
    const detail = detailOf(error);
    setProblem(detail ?? t.toasts.failed);
    toast.error(t.toasts.failed, { description: detail });
  };

  if (team.isLoading) {
    return (
      <div className="space-y-2" aria-busy="true" data-testid="team-panel">
        <Skeleton className="h-8" />
        <Skeleton className="h-8" />
      </div>
    );
  }
  if (team.isError || !team.data) {
    return (
      <div data-testid="team-panel">
        <LoadError error={team.error} fallback={t.loadFailed} retryLabel={t.retry} onRetry={() => void team.refetch()} />
      </div>
    );
  }
  const { members, confidential, my_role: myRole } = team.data;
  const canManage = myRole === 'lead';

  return (
    <section aria-label={t.heading(organizationName)} className="space-y-4 rounded-lg border border-slate-200 bg-slate-50/60 p-4" data-testid="team-panel">
      <h3 className="text-sm font-semibold text-slate-800">{t.heading(organizationName)}</h3>
      <ConfidentialSwitch
        organizationId={organizationId}
        confidential={confidential}
        canManage={canManage}
        onDone={() => {
          setProblem(null);
          onChanged();
        }}
        onFailed={failed}
      />
      <BenchmarkConsentSwitch organizationId={organizationId} allowed={team.data.benchmark_consent === true} confidential={confidential} canManage={canManage} />
      {!canManage && <p className="text-sm text-slate-600">{t.readOnly}</p>}
      <p className="text-xs text-slate-600">{t.roleHelp}</p>
      {problem && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-2 text-sm text-red-800" data-testid="team-problem">
          {problem}
        </p>
      )}
      {members.length === 0 ? (
        <p className="text-sm text-slate-600">{t.empty}</p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label={t.heading(organizationName)}>
          {members.map((m) => (
            <MemberRow
              key={m.username}
              organizationId={organizationId}
              organizationName={organizationName}
              member={m}
              isMe={m.username === me}
              canManage={canManage}
              onDone={(leftTheTeam) => {
                setProblem(null);
                if (leftTheTeam) onChanged();
              }}
              onFailed={failed}
            />
          ))}
        </ul>
      )}
      {canManage && (
        <AddMember
          organizationId={organizationId}
          onTeam={new Set(members.map((m) => m.username))}
          onDone={() => setProblem(null)}
          onFailed={failed}
        />
      )}
    </section>
  );
}

function ConfidentialSwitch({
  organizationId,
  confidential,
  canManage,
  onDone,
  onFailed,
}: {
  organizationId: string;
  confidential: boolean;
  canManage: boolean;
  onDone: () => void;
  onFailed: (error: unknown) => void;
}) {
  const set = useSetConfidential(organizationId);
  return (
    <LabelledSwitch
      checked={confidential}
      disabled={!canManage || set.isPending}
      onCheckedChange={(checked) =>
        set.mutate(checked, {
          onSuccess: () => {
            toast.success(checked ? t.toasts.madeConfidential : t.toasts.madeOpen);
            onDone();
          },
          onError: onFailed,
        })
      }
      testId="confidential-switch"
      label={
        <>
          <Lock className="h-3.5 w-3.5" aria-hidden /> {t.confidential.label}
        </>
      }
      help={confidential ? t.confidential.on : t.confidential.off}
    />
  );
}

/**
 * The lead's consent to count this client's Final reports in sector benchmarks. Only a lead can flip
 * it; the switch waits for the server (no optimistic state) and a refusal is said beside it and in a toast.
 */
function BenchmarkConsentSwitch({ organizationId, allowed, confidential, canManage }: { organizationId: string; allowed: boolean; confidential: boolean; canManage: boolean }) {
  const set = useSetBenchmarkConsent(organizationId);
  const [problem, setProblem] = useState<string | null>(null);
  const c = reassess.benchmark;
  const u = libraryUi.consent;
  return (
    <div className="space-y-1" data-testid="benchmark-consent">
      <LabelledSwitch
        checked={allowed}
        disabled={!canManage || set.isPending}
        busy={set.isPending}
        onCheckedChange={(checked) => {
          setProblem(null);
          set.mutate(checked, {
            onSuccess: (out) => toast.success(u.saved(out.team.benchmark_consent === true)),
            onError: (error) => {
              const detail = detailOf(error);
              setProblem(detail ? `${u.failed} ${detail}` : u.failed);
              toast.error(u.failed, { description: detail });
            },
          });
        }}
        testId="benchmark-consent-switch"
        label={
          <>
            <BarChart3 className="h-3.5 w-3.5 shrink-0" aria-hidden /> {c.consentLabel}
          </>
        }
        help={
          <>
            {canManage ? c.consentHint : u.readOnly(allowed)} {!confidential && u.openClient}
          </>
        }
      />
      {problem && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-2 text-sm text-red-800" data-testid="benchmark-consent-problem">
          {problem}
        </p>
      )}
    </div>
  );
}

function MemberRow({
  organizationId,
  organizationName,
  member,
  isMe,
  canManage,
  onDone,
  onFailed,
}: {
  organizationId: string;
  organizationName: string;
  member: TeamMember;
  isMe: boolean;
  canManage: boolean;
  onDone: (leftTheTeam: boolean) => void;
  onFailed: (error: unknown) => void;
}) {
  const ids = useId();
  const update = useUpdateTeamMember(organizationId);
  const remove = useRemoveTeamMember(organizationId);
  const name = member.name || member.username;
  const busy = update.isPending || remove.isPending;

  function changeRole(role: TeamRole) {
    update.mutate(
      { username: member.username, role },
      {
        onSuccess: () => {
          toast.success(t.toasts.roleChanged(name, t.roles[role]));
          onDone(false);
        },
        onError: onFailed,
      },
    );
  }

  function removeMember() {
    if (!window.confirm(isMe ? t.confirmRemoveSelf(organizationName) : t.confirmRemove(name, organizationName))) return;
    remove.mutate(member.username, {
      onSuccess: () => {
        toast.success(t.toasts.removed(name));
        onDone(isMe);
      },
      onError: onFailed,
    });
  }

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-2" data-testid="team-member" data-username={member.username}>
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-900">
          {name} {isMe && <span className="text-slate-600">{t.you}</span>}
        </p>
        <p className="text-xs text-slate-600">
          {member.username} · {member.email}
        </p>
      </div>
      <div className="flex items-center gap-2">
        {canManage ? (
          <>
            <Select
              id={`${ids}-role`}
              aria-label={t.roleOf(name)}
              className="h-8 w-32"
              options={roleOptions}
              value={member.role}
              disabled={busy}
              onChange={(e) => changeRole(e.target.value as TeamRole)}
            />
            <Button size="sm" variant="outline" className="text-red-700" aria-label={t.removeLabel(name)} disabled={busy} onClick={removeMember}>
              <Trash2 className="h-3.5 w-3.5" aria-hidden /> {t.remove}
            </Button>
          </>
        ) : (
          <span className="rounded-full border border-slate-200 bg-white px-2.5 py-0.5 text-xs font-medium text-slate-700" data-testid="team-role">
            {t.roles[member.role]}
          </span>
        )}
      </div>
    </li>
  );
}

function AddMember({
  organizationId,
  onTeam,
  onDone,
  onFailed,
}: {
  organizationId: string;
  onTeam: ReadonlySet<string>;
  onDone: () => void;
  onFailed: (error: unknown) => void;
}) {
  const ids = useId();
  const add = useAddTeamMember(organizationId);
  const [chosen, setChosen] = useState<StaffMember | null>(null);
  const [role, setRole] = useState<TeamRole>('viewer');
  const [hint, setHint] = useState(false);
  // a new key empties the autocomplete after each member added
  const [round, setRound] = useState(0);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) {
      setHint(true);
      return;
    }
    add.mutate(
      { username: chosen.username, role },
      {
        onSuccess: () => {
          toast.success(t.toasts.added(chosen.name || chosen.username, t.roles[role]));
          setChosen(null);
          setRound((r) => r + 1);
          onDone();
        },
        onError: onFailed,
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-2 border-t border-slate-200 pt-3" aria-label={t.add.heading}>
      <p className="text-sm font-semibold text-slate-800">{t.add.heading}</p>
      <div className="grid grid-cols-1 items-end gap-2 sm:grid-cols-[1fr_9rem_auto]">
        <StaffCombobox
          key={round}
          value={chosen}
          exclude={onTeam}
          disabled={add.isPending}
          onChange={(m) => {
            setChosen(m);
            if (m) setHint(false);
          }}
        />
        <div className="space-y-1">
          <label htmlFor={`${ids}-role`} className="text-sm font-medium text-slate-700">
            {t.add.roleLabel}
          </label>
          <Select id={`${ids}-role`} options={roleOptions} value={role} onChange={(e) => setRole(e.target.value as TeamRole)} />
        </div>
        <Button type="submit" disabled={add.isPending}>
          <UserPlus className="h-4 w-4" aria-hidden /> {t.add.button}
        </Button>
      </div>
      {hint && <p className="text-xs text-red-700">{t.add.choose}</p>}
    </form>
  );
}
