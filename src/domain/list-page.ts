/**
 * How many rows a long list shows before 'Show more': the kit's page (show-more.tsx) and the rows
 * a big list reads first (src/data/queries/list-read.ts) are the same number, defined once.
 */
export const LIST_PAGE_SIZE = 50;
