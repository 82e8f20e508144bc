@echo off
rem Run Python with the game's packages (Windows); see tools/fk-python and maps/README.md.
set "FK_ROOT=%~dp0.."
for %%P in ("%FUZZYKNIGHTS_PYTHON%" "%FK_ROOT%\.venv\Scripts\python.exe" "%FK_ROOT%\venv\Scripts\python.exe" "py" "python") do (
    if not "%%~P"=="" (
        %%~P -c "import numpy, pygame" >nul 2>&1 && (
            %%~P %*
            exit /b %errorlevel%
        )
    )
)
echo fk-python: found no Python with the game's packages (numpy, pygame); set FUZZYKNIGHTS_PYTHON (see maps/README.md, 'The launcher') 1>&2
exit /b 1
