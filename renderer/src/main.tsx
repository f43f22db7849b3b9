import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { applyStoredTheme } from './lib/theme'
import './styles/tokens.css'
import './styles/layout.css'
import './styles/components.css'
import './styles/overlays.css'

applyStoredTheme()
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
