/** The sample docs site the server bundles at /demo/site/: the thing to try first. */
export function sampleSiteUrl(): string {
  return `${window.location.origin}/demo/site/`;
}

export function sampleSiteWizardLink(): string {
  return `/app/chatbots/create?url=${encodeURIComponent(sampleSiteUrl())}`;
}
