/**
 * Admin catalogue forms (issue 16: add and edit parts and training resources): the part and
 * training-resource inputs of the 'part.add' / 'part.update' and 'training.add' /
 * 'training.update' mutations, as a form holds them (a number field that is empty or not a number
 * reads as NaN; 'No model' is ''). Messages come from the mutation schemas, once.
 */
import { z } from 'zod';
import { mutationArgSchemas } from '../mutations';
import { INVALID_URL, profilePictureUrlSchema } from './common';

const part = mutationArgSchemas['part.add'].shape;
const training = mutationArgSchemas['training.add'].shape;

/** NaN (an empty number input) is reported with the field's own message, not zod's. */
const formNumber = <T extends z.ZodNumber>(field: T, message: string) =>
  z.number({ error: message }).pipe(field);

export const partFormSchema = z.object({
  name: part.name,
  partCode: z.string(),
  model: z.enum(['', 'S30', 'U500']),
  // The http(s)-or-blank rule (and its message) of the profile picture URL.
  diagramUrl: profilePictureUrlSchema.unwrap(),
  price: formNumber(part.price, 'Price must be 0 or more'),
  stock: formNumber(part.stock, 'Stock must be 0 or more'),
});
export type PartFormInput = z.input<typeof partFormSchema>;
export type PartFormValues = z.output<typeof partFormSchema>;

/** The form's values as the part fields of the mutations. */
export function partFields(values: PartFormValues) {
  return {
    name: values.name.trim(),
    partCode: values.partCode.trim() || undefined,
    model: values.model || null,
    diagramUrl: values.diagramUrl.trim() || null,
    price: values.price,
    stock: values.stock,
  };
}

export const trainingFormSchema = z
  .object({
    title: training.title,
    type: training.type,
    // An http(s) address, or a path to one of the product's own documents (/docs/..., which
    // the app keeps for offline use: issue 14 item 8), or nothing.
    url: z.union(
      [z.url({ protocol: /^https?$/ }), z.string().regex(/^\/docs\/[\w./-]+$/), z.literal('')],
      { error: INVALID_URL },
    ),
    content: z.string(),
  })
  .refine((v) => v.type !== 'FAQ' || v.content.trim().length > 0 || v.url.length > 0, {
    error: 'An FAQ needs its content or a link',
    path: ['content'],
  });
export type TrainingFormValues = z.infer<typeof trainingFormSchema>;

/** The form's values as the training fields of the mutations. */
export function trainingFields(values: TrainingFormValues) {
  return {
    title: values.title.trim(),
    type: values.type,
    url: values.url.trim() || null,
    content: values.content.trim() || null,
  };
}
