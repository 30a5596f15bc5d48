import { describe, expect, it } from 'vitest';
import { dashboardLabel, nextStatus, wizardLabel } from '@shared/domain/options';
import { CreateOrganizationBody } from '@shared/schemas/organizations';
import { StatusQuery } from '@shared/schemas/reports';
import { applySavedOrder, mergeOrder, moveItem } from '../../frontend/src/features/dashboard/lib/order';
import { decodeCursor, encodeCursor } from '../../functions/data/cursor';
import { keys, USER_CLIENTS_KEPT } from '../../functions/data/keys';
import { newTableItems } from '@shared/resources/table';

describe('report status cycle', () => {
  it('goes Draft → In Review → Final → Draft', () => {
    expect(nextStatus('Draft')).toBe('In Review');
    expect(nextStatus('In Review')).toBe('Final');
    expect(nextStatus('Final')).toBe('Draft');
  });
});

describe('sector and FY labels', () => {
  it('show capitals on the dashboard and lower case in the wizard, from one canonical value', () => {
    expect(dashboardLabel('technology')).toBe('Technology');
    expect(dashboardLabel('october')).toBe('October');
    expect(wizardLabel('Technology')).toBe('technology');
  });

  it('accept either spelling on input and keep the canonical form', () => {
    const parsed = CreateOrganizationBody.parse({ name: 'A', sector: ' Healthcare ', fy_start: 'JULY', currency: 'inr' });
    expect(parsed).toMatchObject({ sector: 'healthcare', fy_start: 'july', currency: 'INR', geography: '', brand_settings: {} });
  });

  it('parse the status query with an optional version', () => {
    expect(StatusQuery.parse({ status: 'In Review', version: '3' })).toEqual({ status: 'In Review', version: 3 });
    expect(StatusQuery.safeParse({ status: 'in review' }).success).toBe(false);
  });
});

describe('the saved card order', () => {
  const r = (id: string) => ({ id });
  it('puts reports the user has not placed first (newest first), then the saved order', () => {
    const items = [r('new'), r('b'), r('a'), r('c')];
    expect(applySavedOrder(items, ['c', 'a', 'b']).map((x) => x.id)).toEqual(['new', 'c', 'a', 'b']);
    expect(applySavedOrder(items, []).map((x) => x.id)).toEqual(['new', 'b', 'a', 'c']);
  });

  it('keeps earlier saved ids that are not on the grid after the grid', () => {
    expect(mergeOrder(['b', 'a'], ['x', 'a', 'y', 'b'])).toEqual(['b', 'a', 'x', 'y']);
    expect(mergeOrder(['a', 'b', 'c'], [], 2)).toEqual(['a', 'b']);
  });

  it('moves an item', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
  });
});

describe('page cursors', () => {
  it('round-trip only the named keys and refuse anything else', () => {
    const cursor = encodeCursor({ id: 'x', updated_at: '2026-01-01' });
    expect(decodeCursor(cursor, ['id', 'updated_at'] as const)).toEqual({ id: 'x', updated_at: '2026-01-01' });
    expect(decodeCursor(undefined, ['id'] as const)).toBeNull();
    expect(decodeCursor('not-base64-json', ['id'] as const)).toBe('invalid');
    expect(decodeCursor(encodeCursor({ id: 'x' }), ['id', 'updated_at'] as const)).toBe('invalid');
    expect(decodeCursor(Buffer.from('{"id":{"S":"x"}}').toString('base64url'), ['id'] as const)).toBe('invalid');
  });
});

describe('a new table starts marked as keeping the users\' clients', () => {
  it('writes the mark on the list of confidential clients, spelt as the key builders spell it', () => {
    // Prepare / Act: what the harness writes into a new table
    const [mark] = newTableItems;
    // Assess: the key builders' key and attribute, so the lists read the users' clients items on it
    expect(newTableItems).toHaveLength(1);
    expect({ PK: mark!.PK, SK: mark!.SK }).toEqual(keys.confidentialClients());
    expect(mark![USER_CLIENTS_KEPT]).toBe(true);
  });
});
