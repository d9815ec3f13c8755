import { describe, expect, it } from 'vitest';
import { partFields, partFormSchema, trainingFields, trainingFormSchema } from './catalogue.schema';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('part form', () => {
  const valid = { name: 'Pump', partCode: '', model: '', diagramUrl: '', price: 10, stock: 2 };

  it('requires a name; price and stock 0 or more (an empty number field says so too)', () => {
    expect(messages(partFormSchema.safeParse({ ...valid, name: ' ' }))).toEqual([
      'Name is required',
    ]);
    expect(messages(partFormSchema.safeParse({ ...valid, price: -1 }))).toEqual([
      'Price must be 0 or more',
    ]);
    expect(messages(partFormSchema.safeParse({ ...valid, price: Number.NaN }))).toEqual([
      'Price must be 0 or more',
    ]);
    expect(messages(partFormSchema.safeParse({ ...valid, stock: 1.5 }))).toHaveLength(1);
    expect(messages(partFormSchema.safeParse({ ...valid, diagramUrl: 'javascript:x' }))).toEqual([
      'Please enter a valid URL',
    ]);
  });

  it('maps blanks to nothing: no model, no code, no diagram', () => {
    expect(partFields(partFormSchema.parse({ ...valid, name: ' Pump ' }))).toEqual({
      name: 'Pump',
      partCode: undefined,
      model: null,
      diagramUrl: null,
      price: 10,
      stock: 2,
    });
  });
});

describe('training form', () => {
  it('requires a title; an FAQ needs content or a link', () => {
    expect(
      messages(trainingFormSchema.safeParse({ title: '', type: 'VIDEO', url: '', content: '' })),
    ).toEqual(['Title is required']);
    expect(
      messages(trainingFormSchema.safeParse({ title: 'Q', type: 'FAQ', url: '', content: ' ' })),
    ).toEqual(['An FAQ needs its content or a link']);
  });

  it('takes an http(s) address or a path to the product’s own documents as the link', () => {
    const form = (url: string) => ({ title: 'T', type: 'PDF', url, content: '' });
    expect(trainingFormSchema.safeParse(form('https://example.com/m.pdf')).success).toBe(true);
    expect(trainingFormSchema.safeParse(form('/docs/manuals/upholstery-care.html')).success).toBe(
      true,
    );
    for (const url of ['ftp://example.com/m.pdf', 'not a link', '/elsewhere/m.pdf']) {
      expect(messages(trainingFormSchema.safeParse(form(url)))).toEqual([
        'Please enter a valid URL',
      ]);
    }
  });

  it('maps blanks to null', () => {
    expect(trainingFields({ title: ' T ', type: 'PDF', url: '', content: '' })).toEqual({
      title: 'T',
      type: 'PDF',
      url: null,
      content: null,
    });
  });
});
