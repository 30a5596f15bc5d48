/**
 * The trial export a template gets at upload: a sample report exported on it with the exporters every report
 * export uses. A template that can be built on passes; one whose package passes the check but on which the
 * exporter fails gives the exporter's reason, which the upload is refused with.
 */
import { describe, expect, it } from 'vitest';
import { tryExportOn } from '../../functions/domain/exports/try-template';
import { checkTemplate } from '../../functions/domain/templates/check-template';
import { deckTemplate, numberedWordTemplate, unexportableWordTemplate, wordTemplate } from '../helpers/office-templates';

describe('the trial export of a template', () => {
  it('passes on templates an export can be built on (Word, Word with numbered headings, PowerPoint)', async () => {
    for (const [name, bytes] of [
      ['firm.dotx', await wordTemplate()],
      ['numbered.dotx', await numberedWordTemplate()],
      ['firm.potx', await deckTemplate()],
    ] as const) {
      const checked = await checkTemplate(name, bytes);
      expect(await tryExportOn({ kind: checked.kind, bytes: checked.bytes, layouts: checked.layouts }), name).toBeUndefined();
    }
  });

  it('gives the exporter’s reason for a Word template that passes the check but cannot be built on', async () => {
    // Prepare: the check lets it through (it reads the parts as text)
    const checked = await checkTemplate('broken.dotx', await unexportableWordTemplate());
    // Act
    const reason = await tryExportOn({ kind: checked.kind, bytes: checked.bytes, layouts: checked.layouts });
    // Assess
    expect(reason).toBe("Invalid XML: closing tag </w:body> doesn't match <w:p>");
  });
});
