import { describe, expect, it } from 'vitest';
import { contentHash, findDuplicate, NEAR_DUPLICATE_SIMILARITY, shingles, signature, similarity, SIGNATURE_SIZE } from '../../functions/domain/evidence/duplicates';

const TEXT = 'Revenue grew 12% to 480 million in fiscal 2025 while EBITDA margin improved to 18%. Customer churn rose to 9% in the SME segment after the price increase. The warehouse in Leeds ran at 96% of its capacity for most of the year.';

describe('duplicate detection in the client library', () => {
  it('hashes content: bytes as they are, texts by their words (case and spacing do not matter)', () => {
    expect(contentHash(new TextEncoder().encode('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(contentHash('Revenue  grew\n12%')).toBe(contentHash('revenue grew 12%'));
    expect(contentHash('Revenue grew 12%')).not.toBe(contentHash('Revenue grew 13%'));
  });

  it('shingles a text into overlapping five-word runs; a short text is one shingle; no words, none', () => {
    expect([...shingles('one two three four five six')]).toEqual(['one two three four five', 'two three four five six']);
    expect([...shingles('Just three words')]).toEqual(['just three words']);
    expect(shingles('  … — ').size).toBe(0);
    expect(signature('')).toEqual([]);
  });

  it('estimates the similarity of texts from their signatures: 1 for the same text, high for a small edit, low for another text', () => {
    const same = similarity(signature(TEXT), signature(TEXT.toUpperCase()));
    const edited = similarity(signature(TEXT), signature(`${TEXT} The CFO expects the same next year.`));
    const other = similarity(signature(TEXT), signature('Staff turnover fell to 11% after the new onboarding programme started in spring, and morale surveys improved.'));
    expect(signature(TEXT)).toHaveLength(SIGNATURE_SIZE);
    expect(same).toBe(1);
    expect(edited).toBeGreaterThanOrEqual(NEAR_DUPLICATE_SIMILARITY);
    expect(edited).toBeLessThan(1);
    expect(other).toBeLessThan(0.2);
    expect(similarity(undefined, signature(TEXT))).toBe(0);
  });

  it('finds the same content first, else the most similar text above the threshold, never the item itself', () => {
    const library = [
      { id: 'a', title: 'Annual report', content_hash: contentHash(TEXT), text_signature: signature(TEXT) },
      { id: 'b', title: 'Edited notes', content_hash: 'x', text_signature: signature(`${TEXT} One more sentence here.`) },
      { id: 'c', title: 'Other', content_hash: 'y', text_signature: signature('Staff turnover fell to 11% after onboarding changed.') },
    ];
    expect(findDuplicate({ id: 'new', content_hash: contentHash(TEXT), text_signature: signature(TEXT) }, library)).toEqual({ id: 'a', title: 'Annual report', kind: 'same_content', similarity: 1 });
    const near = findDuplicate({ id: 'new', content_hash: 'z', text_signature: signature(`${TEXT} One more sentence here.`) }, library);
    expect(near).toMatchObject({ id: 'b', kind: 'similar_text' });
    expect(findDuplicate({ id: 'new', content_hash: 'z', text_signature: signature('A text about something else entirely, the weather in May.') }, library)).toBeUndefined();
    expect(findDuplicate({ id: 'a', content_hash: contentHash(TEXT), text_signature: signature(TEXT) }, library.slice(0, 1))).toBeUndefined();
  });
});
