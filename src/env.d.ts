/** Modules served by the build itself: the policy pages' header script as text (src/integrations/static-header-script.ts). */
declare module 'virtual:static-header-script' {
  const script: string;
  export default script;
}
