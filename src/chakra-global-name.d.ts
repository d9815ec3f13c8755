// The name Emotion gives Chakra's global styles in the build's index.html, worked out by the build
// (build/plugins/chakra-global-from-build.ts); null outside the build.
declare module 'virtual:chakra-global-name' {
  const name: string | null;
  export default name;
}
