/**
 * Step 10's choice of template: for Word and for PowerPoint, the built-in template (the default,
 * in the brand's colours and logo) or one of the firm's or the client's templates, each with its previews
 * (rendered on the server with LibreOffice where it is installed) or else its own thumbnail, and what the export
 * does where it lacks a layout. Upload adds a template for this
 * client (its lead) or, for administrators, for the firm; the server checks it and says what is wrong.
 */
import { useQueryClient } from '@tanstack/react-query';
import { FileUp, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { finalizeTexts } from '@shared/messages/brand';
import { templateTexts } from '@shared/messages/templates';
import { TEMPLATE_MAX_BYTES, type TemplateInfo, type TemplateKind } from '@shared/schemas/templates';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { deleteTemplate } from '../api/delete-template';
import { templatesKey, useTemplates } from '../api/list-templates';
import { uploadTemplate } from '../api/upload-template';

const t = finalizeTexts;

export type TemplateChoice = Record<TemplateKind, string>;

function Option({ name, checked, onSelect, template, group, onDelete }: { name: string; checked: boolean; onSelect: () => void; template: TemplateInfo | null; group: string; onDelete?: () => void }) {
  const id = `${group}-${template?.id ?? 'built-in'}`;
  return (
    <div className={`flex items-start gap-3 rounded-md border p-3 ${checked ? 'border-slate-900 bg-slate-50' : 'border-slate-200'}`} data-testid={`template-option-${template?.id ?? 'built-in'}`}>
      <input type="radio" id={id} name={group} className="mt-1" checked={checked} onChange={onSelect} />
      <label htmlFor={id} className="flex min-w-0 flex-1 cursor-pointer gap-3">
        {template &&
          (template.preview_urls.length ? (
            <span className="flex shrink-0 gap-1" data-testid="template-previews">
              {template.preview_urls.map((url, i) => (
                <img key={url} src={url} alt={templateTexts.previewAlt(template.name, i + 1)} className="h-16 w-28 rounded border border-slate-200 bg-white object-contain" />
              ))}
            </span>
          ) : template.thumbnail_url ? (
            <img src={template.thumbnail_url} alt={t.templateThumbnailAlt(template.name)} className="h-16 w-28 shrink-0 rounded border border-slate-200 bg-white object-contain" />
          ) : (
            <span className="flex h-16 w-28 shrink-0 items-center justify-center rounded border border-dashed border-slate-300 text-xs text-slate-500">{t.templateNoThumbnail}</span>
          ))}
        <span className="min-w-0 space-y-0.5 text-sm">
          <span className="block font-medium text-slate-900">{name}</span>
          {template && <span className="block text-xs text-slate-600">{template.scope === 'firm' ? t.templateFirm : t.templateClient} · {template.file_name}</span>}
          {template?.notes.map((note) => (
            <span key={note} className="block text-xs text-amber-800">
              {note}
            </span>
          ))}
        </span>
      </label>
      {onDelete && (
        <Button size="sm" variant="ghost" aria-label={t.deleteTemplate(name)} onClick={onDelete}>
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      )}
    </div>
  );
}

function UploadButton({ id, label, disabled, onFile }: { id: string; label: string; disabled: boolean; onFile: (file: File | undefined, input: HTMLInputElement) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <span>
      <input ref={input} type="file" className="sr-only" id={id} aria-label={label} tabIndex={-1} accept=".dotx,.docx,.potx,.pptx" onChange={(e) => onFile(e.target.files?.[0], e.target)} />
      <Button variant="outline" disabled={disabled} onClick={() => input.current?.click()}>
        <FileUp className="h-4 w-4" aria-hidden /> {label}
      </Button>
    </span>
  );
}

export function TemplatePicker({ organizationId, value, onChange }: { organizationId: string | null; value: TemplateChoice; onChange: (v: TemplateChoice) => void }) {
  const query = useTemplates(organizationId);
  const client = useQueryClient();
  const [uploading, setUploading] = useState<number | null>(null);

  async function upload(file: File | undefined, forClient: boolean, input: HTMLInputElement | null) {
    if (!file) return;
    if (file.size > TEMPLATE_MAX_BYTES) {
      notify.error(t.templateUploadFailed, finalizeTexts.templateUploadHelp);
      return;
    }
    setUploading(0);
    try {
      const made = await uploadTemplate(file, forClient ? organizationId : null, (f) => setUploading(Math.round(f * 100)));
      await client.invalidateQueries({ queryKey: templatesKey(organizationId) });
      onChange({ ...value, [made.kind]: made.id });
      notify.success(t.templateUploaded(made.name));
    } catch (error) {
      notify.error(t.templateUploadFailed, error instanceof ApiError ? error.detail : undefined);
    } finally {
      setUploading(null);
      if (input) input.value = '';
    }
  }

  async function remove(template: TemplateInfo) {
    try {
      await deleteTemplate(template.id, template.organization_id);
      await client.invalidateQueries({ queryKey: templatesKey(organizationId) });
      if (value[template.kind] === template.id) onChange({ ...value, [template.kind]: '' });
      notify.success(t.templateDeleted);
    } catch (error) {
      notify.error(t.templateDeleteFailed, error instanceof ApiError ? error.detail : undefined);
    }
  }

  const items = query.data?.items ?? [];
  const group = (kind: TemplateKind, label: string) => {
    const mine = items.filter((i) => i.kind === kind);
    const chosen = mine.some((i) => i.id === value[kind]) ? value[kind] : '';
    return (
      <fieldset className="space-y-2" data-testid={`templates-${kind}`}>
        <legend className="mb-1 text-sm font-medium text-slate-900">{label}</legend>
        <Option name={t.templateBuiltIn} checked={chosen === ''} onSelect={() => onChange({ ...value, [kind]: '' })} template={null} group={`template-${kind}`} />
        {mine.map((tpl) => (
          <Option key={tpl.id} name={tpl.name} checked={chosen === tpl.id} onSelect={() => onChange({ ...value, [kind]: tpl.id })} template={tpl} group={`template-${kind}`} onDelete={() => void remove(tpl)} />
        ))}
      </fieldset>
    );
  };

  return (
    <div className="space-y-4">
      {query.isPending && <p className="text-sm text-slate-600">{t.templatesLoading}</p>}
      {query.isError && (
        <p role="alert" className="text-sm text-red-700">
          {t.templatesFailed}
        </p>
      )}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {group('docx', t.templateWord)}
        {group('pptx', t.templateDeck)}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {organizationId && <UploadButton id="template-file-client" label={t.uploadTemplate} disabled={uploading !== null} onFile={(file, input) => void upload(file, true, input)} />}
        <UploadButton id="template-file-firm" label={t.uploadFirmTemplate} disabled={uploading !== null} onFile={(file, input) => void upload(file, false, input)} />
        <span className="text-xs text-slate-500">{t.templateUploadHelp}</span>
      </div>
      {uploading !== null && (
        <div className="max-w-sm space-y-1">
          <p className="text-xs text-slate-600">{t.uploadingTemplate}</p>
          <ProgressBar value={uploading} label={t.uploadingTemplate} />
        </div>
      )}
    </div>
  );
}
