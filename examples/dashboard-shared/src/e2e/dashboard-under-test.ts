/** A built dashboard that the end-to-end suites drive in Chromium. */
export interface DashboardUnderTest {
  /** Names the suites, e.g. `'angular dashboard'`. */
  readonly name: string;
  /** The built app: `index.html` and its assets, loaded relative to the page. */
  readonly appDir: string;
  /** Where each view's screenshot goes when the suite runs with `UPDATE_SCREENSHOTS=1`. */
  readonly screenshots: { readonly pods: string; readonly fleet: string };
}
