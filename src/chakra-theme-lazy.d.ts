// Chakra's theme module under a name of its own, whose recipes a lazily loaded chunk holds
// (build/plugins/lazy-chakra-theme.ts, src/components/theme-lazy-recipes.ts).
declare module '@chakra-ui/react/theme?lazy' {
  export * from '@chakra-ui/react/theme';
}
