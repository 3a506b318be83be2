import '@rxkube/example-dashboard-shared/styles.css';
import { dropManagedFields } from '@rxkube/core';
import { createProxyClient } from '@rxkube/core/proxy';
import { apiUrl, muxMode, viewOf } from '@rxkube/example-dashboard-shared';
import { RxKubeProvider } from '@rxkube/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { environment } from './environment';

const page = new URL(window.location.href);
const api = apiUrl(page, environment.apiUrl);
// One client for the page: every collection over rxkube proxy's one WebSocket when it offers
// one (`mux: 'auto'`), plain fetch otherwise (kubectl proxy, the fake API server).
const client = createProxyClient({ baseUrl: api, mux: muxMode(page, environment.mux) });
// Managed fields are large and never shown: dropped before they are cached.
const collectionOptions = { transform: dropManagedFields };

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <RxKubeProvider client={client} collectionOptions={collectionOptions}>
      <App api={api} view={viewOf(page)} />
    </RxKubeProvider>
  </StrictMode>,
);
