import { bootstrapApplication } from '@angular/platform-browser';
import { apiUrl } from './app/api-url';
import { App } from './app/app';
import { appConfig } from './app/app.config';
import { Fleet } from './app/fleet/fleet';
import { muxMode } from './app/mux-mode';
import { viewOf } from './app/view-url';
import { environment } from './environments/environment';

const page = new URL(window.location.href);
const api = apiUrl(page, environment.apiUrl);
const root = viewOf(page) === 'fleet' ? Fleet : App;
bootstrapApplication(root, appConfig(api, muxMode(page, environment.mux))).catch((error: unknown) =>
  console.error(error),
);
