import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // Relative asset URLs: the same build works at `/` and under `rxkube proxy --www-prefix`.
  base: './',
  build: { target: 'es2022' },
});
