// The Chakra recipes of the components the app uses beyond the sign-in page (its signed-in frame
// and areas, sign-up, the toaster), loaded with the first screen that needs them and added to the
// app's system by theme.ts's loadLazyRecipes; a first visit's sign-in page loads none of them.
// Chakra's own recipes, unchanged (theme.test.ts).
import type { RecipeDefinition, SlotRecipeConfig } from '@chakra-ui/react';
import {
  avatarSlotRecipe,
  badgeRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  inputAddonRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  separatorRecipe,
  skeletonRecipe,
  statSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  toastSlotRecipe,
} from '@chakra-ui/react/theme?lazy';

/** Recipes by key, as a Chakra theme holds them. */
export interface ThemeRecipes {
  recipes: Record<string, RecipeDefinition>;
  slotRecipes: Record<string, SlotRecipeConfig>;
}

export const lazyRecipes = {
  recipes: {
    badge: badgeRecipe,
    checkmark: checkmarkRecipe,
    inputAddon: inputAddonRecipe,
    separator: separatorRecipe,
    skeleton: skeletonRecipe,
    textarea: textareaRecipe,
  },
  slotRecipes: {
    avatar: avatarSlotRecipe,
    card: cardSlotRecipe,
    checkbox: checkboxSlotRecipe,
    dataList: dataListSlotRecipe,
    dialog: dialogSlotRecipe,
    drawer: drawerSlotRecipe,
    emptyState: emptyStateSlotRecipe,
    list: listSlotRecipe,
    nativeSelect: nativeSelectSlotRecipe,
    progress: progressSlotRecipe,
    stat: statSlotRecipe,
    table: tableSlotRecipe,
    tabs: tabsSlotRecipe,
    toast: toastSlotRecipe,
  },
} satisfies ThemeRecipes;
