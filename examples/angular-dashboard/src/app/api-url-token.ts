import { InjectionToken } from '@angular/core';

/** The API base URL the page talks to (shown in the header). */
export const API_URL = new InjectionToken<string>('API base URL');
