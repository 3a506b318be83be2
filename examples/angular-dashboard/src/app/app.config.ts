import {
  type ApplicationConfig,
  provideBrowserGlobalErrorListeners,
  provideZonelessChangeDetection,
} from '@angular/core';
import { provideRxKube } from '@rxkube/angular';
import { dropManagedFields } from '@rxkube/core';
import type { MuxMode } from '@rxkube/example-dashboard-shared';
import { API_URL } from './api-url-token';

/**
 * The application's providers, talking to the API server (or proxy) at `apiUrl`, over the
 * proxy's WebSocket as `mux` says.
 */
export function appConfig(apiUrl: string, mux: MuxMode): ApplicationConfig {
  return {
    providers: [
      provideBrowserGlobalErrorListeners(),
      provideZonelessChangeDetection(),
      { provide: API_URL, useValue: apiUrl },
      provideRxKube({
        baseUrl: apiUrl,
        mux,
        // Managed fields are large and never shown: drop them before they are cached.
        collectionOptions: { transform: dropManagedFields },
      }),
    ],
  };
}
