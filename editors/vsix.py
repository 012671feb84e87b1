"""Packages the VS Code extension folder as a .vsix: a zip holding the extension's files under
`extension/`, the repository's LICENSE as `extension/LICENSE.txt`, an `extension.vsixmanifest`
read from package.json, and `[Content_Types].xml` — what VS Code's "Install from VSIX…" reads.
No npm: the extension has no dependencies. The archive is the same bytes on every run (fixed
times, sorted names).

Usage: python3 editors/vsix.py [FOLDER [OUT]]   (default: editors/vscode, .build/scn-VERSION.vsix)
"""

import json
import os
import sys
import zipfile
from xml.sax.saxutils import escape, quoteattr

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
# What the extension ships: the client, the manifest, the language files, its README.
FILES = ["package.json", "extension.js", "language-configuration.json", "syntaxes/scn.tmLanguage.json", "README.md"]


def manifest(package):
    engine = package["engines"]["vscode"]
    return f"""<?xml version="1.0" encoding="utf-8"?>
<PackageManifest Version="2.0.0" xmlns="http://schemas.microsoft.com/developer/vsx-schema/2011" xmlns:d="http://schemas.microsoft.com/developer/vsx-schema-design/2011">
  <Metadata>
    <Identity Language="en-US" Id={quoteattr(package["name"])} Version={quoteattr(package["version"])} Publisher={quoteattr(package["publisher"])} />
    <DisplayName>{escape(package["displayName"])}</DisplayName>
    <Description xml:space="preserve">{escape(package["description"])}</Description>
    <Tags>{escape(",".join(package.get("keywords", [])))}</Tags>
    <Categories>{escape(",".join(package.get("categories", [])))}</Categories>
    <GalleryFlags>Public</GalleryFlags>
    <Properties>
      <Property Id="Microsoft.VisualStudio.Code.Engine" Value={quoteattr(engine)} />
      <Property Id="Microsoft.VisualStudio.Code.ExtensionDependencies" Value="" />
      <Property Id="Microsoft.VisualStudio.Code.ExtensionPack" Value="" />
      <Property Id="Microsoft.VisualStudio.Code.ExtensionKind" Value="workspace" />
      <Property Id="Microsoft.VisualStudio.Code.LocalizedLanguages" Value="" />
    </Properties>
    <License>extension/LICENSE.txt</License>
  </Metadata>
  <Installation>
    <InstallationTarget Id="Microsoft.VisualStudio.Code" />
  </Installation>
  <Dependencies />
  <Assets>
    <Asset Type="Microsoft.VisualStudio.Code.Manifest" Path="extension/package.json" Addressable="true" />
    <Asset Type="Microsoft.VisualStudio.Services.Content.Details" Path="extension/README.md" Addressable="true" />
    <Asset Type="Microsoft.VisualStudio.Services.Content.License" Path="extension/LICENSE.txt" Addressable="true" />
  </Assets>
</PackageManifest>
"""


CONTENT_TYPES = """<?xml version="1.0" encoding="utf-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
  <Default Extension=".js" ContentType="application/javascript" />
  <Default Extension=".json" ContentType="application/json" />
  <Default Extension=".md" ContentType="text/markdown" />
  <Default Extension=".txt" ContentType="text/plain" />
  <Default Extension=".vsixmanifest" ContentType="text/xml" />
</Types>
"""


def entry(archive, name, data):
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    archive.writestr(info, data)


def main():
    folder = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, "editors", "vscode")
    with open(os.path.join(folder, "package.json"), encoding="utf-8") as f:
        package = json.load(f)
    if package.get("dependencies"):
        raise SystemExit("error: package.json declares npm dependencies; a .vsix made here would lack them")
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, ".build", f"scn-{package['version']}.vsix")
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(os.path.join(ROOT, "LICENSE"), "rb") as f:
        license_text = f.read()
    with zipfile.ZipFile(out, "w") as archive:
        entry(archive, "[Content_Types].xml", CONTENT_TYPES)
        entry(archive, "extension.vsixmanifest", manifest(package))
        for name in sorted(FILES):
            with open(os.path.join(folder, name), "rb") as f:
                entry(archive, "extension/" + name, f.read())
        entry(archive, "extension/LICENSE.txt", license_text)
    print(out)


if __name__ == "__main__":
    main()
