import { bootstrapApplication } from '@angular/platform-browser';
import { apiUrl, muxMode, viewOf } from '@rxkube/example-dashboard-shared';
import { App } from './app/app';
import { appConfig } from './app/app.config';
import { Fleet } from './app/fleet/fleet';
import { environment } from './environments/environment';

const page = new URL(window.location.href);
const api = apiUrl(page, environment.apiUrl);
const root = viewOf(page) === 'fleet' ? Fleet : App;
bootstrapApplication(root, appConfig(api, muxMode(page, environment.mux))).catch((error: unknown) =>
  console.error(error),
);
