import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react'

export type Theme = 'light' | 'dark'
const KEY = 'switchyard.theme'
const media = () => window.matchMedia('(prefers-color-scheme: dark)')

const stored = (): Theme | undefined => {
  const value = localStorage.getItem(KEY)
  return value === 'light' || value === 'dark' ? value : undefined
}

/** Applies a remembered choice before React renders, so the page never flashes the wrong theme. */
export function applyStoredTheme() {
  const theme = stored()
  if (theme) document.documentElement.dataset.theme = theme
}

const ThemeContext = createContext<{ theme: Theme; toggle: () => void }>({ theme: 'light', toggle: () => {} })

/** The effective theme (a remembered choice, else the OS preference) and a toggle that remembers. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setTheme] = useState<Theme>(() => stored() ?? (media().matches ? 'dark' : 'light'))
  useEffect(() => {
    const follow = (e: MediaQueryListEvent) => {
      if (!stored()) setTheme(e.matches ? 'dark' : 'light')
    }
    const query = media()
    query.addEventListener('change', follow)
    return () => query.removeEventListener('change', follow)
  }, [])
  const toggle = useCallback(() => {
    setTheme((current) => {
      const next = current === 'dark' ? 'light' : 'dark'
      localStorage.setItem(KEY, next)
      document.documentElement.dataset.theme = next
      return next
    })
  }, [])
  const value = useMemo(() => ({ theme, toggle }), [theme, toggle])
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>
}

export const useTheme = () => useContext(ThemeContext)
