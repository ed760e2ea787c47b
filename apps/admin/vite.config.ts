import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

// Assets under /admin/ so nothing of the back office shares a path with the storefront's.
export default defineConfig({
  base: '/admin/',
  plugins: [reactRouter()],
  build: { target: 'es2022' },
})
