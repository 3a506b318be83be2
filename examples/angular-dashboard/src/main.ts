import { bootstrapApplication } from '@angular/platform-browser';
import { apiUrl } from './app/api-url';
import { App } from './app/app';
import { appConfig } from './app/app.config';
import { environment } from './environments/environment';

const api = apiUrl(new URL(window.location.href), environment.apiUrl);
bootstrapApplication(App, appConfig(api)).catch((error: unknown) => console.error(error));
