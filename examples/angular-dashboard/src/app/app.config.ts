import {
  type ApplicationConfig,
  provideBrowserGlobalErrorListeners,
  provideZonelessChangeDetection,
} from '@angular/core';
import { provideRxKube } from '@rxkube/angular';
import type { KubeObject } from '@rxkube/core';
import type { MuxMode } from '@rxkube/example-dashboard-shared';
import { API_URL } from './api-url-token';

/** Managed fields are large and never shown: drop them before they are cached. */
function withoutManagedFields<T extends KubeObject>(object: T): T {
  if (object.metadata?.managedFields === undefined) return object;
  const { managedFields: _, ...metadata } = object.metadata;
  return { ...object, metadata };
}

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
        collectionOptions: { transform: withoutManagedFields },
      }),
    ],
  };
}
