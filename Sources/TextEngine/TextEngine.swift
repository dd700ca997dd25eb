// TextEngine
