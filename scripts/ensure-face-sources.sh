#!/usr/bin/env bash
# Puts the Debian-packaged face and background images of the face frame set in DEST (default
# .tmp/face-sources): python3-skimage's astronaut.png, coffee.png and motorcycle_left.png, and
# opencv-doc's messi5.jpg, stuff.jpg, leuvenA.jpg and left01.jpg. When the packages are installed
# the files are copied from them; otherwise the two .deb files are fetched with `apt-get download`
# and only these files are unpacked (nothing is installed: python3-skimage would pull in SciPy
# and Matplotlib, opencv-doc is 270 MB of HTML). Used by scripts/make-face-frames.mjs.
set -euo pipefail
DEST="${1:-.tmp/face-sources}"
mkdir -p "$DEST"
DEST="$(cd "$DEST" && pwd)"

SKIMAGE=usr/lib/python3/dist-packages/skimage/data
OPENCV=usr/share/doc/opencv-doc/examples/data
declare -A FILES=(
  [astronaut.png]="python3-skimage $SKIMAGE"
  [coffee.png]="python3-skimage $SKIMAGE"
  [motorcycle_left.png]="python3-skimage $SKIMAGE"
  [messi5.jpg]="opencv-doc $OPENCV"
  [stuff.jpg]="opencv-doc $OPENCV"
  [leuvenA.jpg]="opencv-doc $OPENCV"
  [left01.jpg]="opencv-doc $OPENCV"
)

missing_pkgs=()
for name in "${!FILES[@]}"; do
  read -r pkg dir <<<"${FILES[$name]}"
  [ -s "$DEST/$name" ] && continue
  if [ -s "/$dir/$name" ]; then
    cp "/$dir/$name" "$DEST/$name"
  elif [[ ! " ${missing_pkgs[*]} " =~ " $pkg " ]]; then
    missing_pkgs+=("$pkg")
  fi
done
[ ${#missing_pkgs[@]} -eq 0 ] && exit 0

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
chmod 777 "$work" # apt-get download drops to the _apt user when it can write here
echo "Fetching ${missing_pkgs[*]} (only a few images are unpacked from them)..."
if ! (cd "$work" && apt-get download -q "${missing_pkgs[@]}" >/dev/null 2>&1); then
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q >/dev/null
  (cd "$work" && apt-get download -q "${missing_pkgs[@]}" >/dev/null)
fi
mkdir -p "$work/root"
for deb in "$work"/*.deb; do
  members=()
  for name in "${!FILES[@]}"; do
    read -r pkg dir <<<"${FILES[$name]}"
    [[ "$(basename "$deb")" == "${pkg}_"* ]] && members+=("./$dir/$name")
  done
  dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$work/root" "${members[@]}"
done
for name in "${!FILES[@]}"; do
  read -r pkg dir <<<"${FILES[$name]}"
  [ -s "$DEST/$name" ] || cp "$work/root/$dir/$name" "$DEST/$name"
done
